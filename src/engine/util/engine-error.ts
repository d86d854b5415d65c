/**
 * The one base of every error the engine throws on purpose. `code` is stable and machine-readable
 * (snake_case): hosts decide what a failure means to the user from it, in one place (main's
 * src/main/error-replies.ts), never by testing classes. The message is one line, safe to show.
 * Subclasses keep their own names and fields; they only narrow `code`.
 */
export class EngineError<TCode extends string = EngineErrorCode> extends Error {
  override readonly name: string = 'EngineError';
  readonly code: TCode;
  constructor(code: TCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/** The network layer's codes (SourceError, net/errors.ts): recorded on failures and shown by the UI. */
export type SourceErrorCode =
  | 'http_status'
  | 'timeout'
  | 'network'
  | 'too_large'
  | 'malformed_body'
  | 'rate_limited'
  | 'missing_credential'
  | 'not_found'
  | 'unsupported'
  | 'aborted'
  /** A destination a reply pointed to (redirect, referral, link) that the SSRF policy refuses. */
  | 'destination_refused'
  /** A reply in no known shape: no field read and no "no match" phrase (WHOIS). Not an answer. */
  | 'unrecognised_reply';

/** Every code an engine error carries. */
export type EngineErrorCode =
  | SourceErrorCode
  /** The OS keychain (or another credential backend) cannot be reached. */
  | 'credential_store_unavailable'
  /** The engine configuration does not validate (the message names the key). */
  | 'invalid_config'
  /** A write's findings are malformed (an asset without its key, an unknown asset type). */
  | 'invalid_findings'
  /** A relation the OAM taxonomy does not allow. */
  | 'invalid_relation'
  /** A plugin's mapping could not use a reply that fits its wire shape. */
  | 'source_reply'
  /** The source has no service for the asset: not a failure, a fallback answers. */
  | 'not_served'
  /** A file that is not a case file; it is left untouched. */
  | 'not_a_case_file'
  /** A case file written by a newer version of the app. */
  | 'case_file_version'
  /** The case file an open store writes was deleted or replaced. */
  | 'case_file_gone'
  /** Another process has the case open. */
  | 'case_in_use'
  /** No session with that id in the case (undo). */
  | 'unknown_session'
  /** A manual merge the case cannot do. */
  | 'merge_refused'
  /** A note or flag for an id that is neither an entity nor an edge. */
  | 'unknown_annotation_target'
  /** An annotation refused: its target is unknown... */
  | 'annotation_unknown_target'
  /** ...or the note or flag is not valid. */
  | 'annotation_invalid'
  /** A review decision for an edge the case does not have... */
  | 'review_unknown_edge'
  /** ...or for one that is not a pending candidate. */
  | 'review_not_pending'
  /** A team case address that cannot be used. */
  | 'team_case_address'
  /** A team case's server wants a password that was not given or was wrong. */
  | 'team_case_password'
  /** A team case's server cannot be reached. */
  | 'team_case_unreachable'
  /** A team case that cannot be opened for another reason (the message says which). */
  | 'team_case_refused'
  /** A write to an open team case failed (or the case is closed). */
  | 'team_case_write'
  /** A write refused because the PostgreSQL role may only read. */
  | 'read_only';
