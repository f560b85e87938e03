/**
 * What consent.ts and the banner it loads agree on: the visitor's choice, and the two calls the
 * banner makes. Kept apart so the two modules do not import each other.
 */
export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
}

export interface ConsentApi {
  readChoice: () => ConsentChoice | undefined;
  /** Stores the choice and tells Google (consent update, tag load). */
  decide: (choice: ConsentChoice) => void;
}
