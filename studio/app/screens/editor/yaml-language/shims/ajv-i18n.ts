/**
 * Stand-in for ajv-i18n (every locale of Ajv's messages). The service only localizes the errors of
 * a failed meta-schema check, which the Ajv stand-in never reports.
 */
const en = (): void => {};

export default { en };
export { en };
