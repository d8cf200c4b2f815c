/**
 * The shape of a UUID, as a plain pattern, apart from the schemas: the answer reader
 * (./decode.ts) tests identities with it, and the transport the client loads lazily reaches that
 * reader, so a bundler wraps for lazy loading whatever it imports. No zod here, then.
 */

/** The shape of a UUID of any version or variant. */
export const GUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
