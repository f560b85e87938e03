/**
 * Stand-in for vscode-languageserver and vscode-languageserver-protocol. The language service
 * imports from them only a few LSP message-type classes (to declare requests it never sends here)
 * and ResponseError; the real packages bring the whole JSON-RPC connection with them.
 */
export class NotificationType {
  constructor(readonly method: string) {}
}

export class RequestType {
  constructor(readonly method: string) {}
}

export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

export class ResponseError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
