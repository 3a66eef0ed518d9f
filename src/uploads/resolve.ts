import type { Config } from "../env.ts";

/**
 * The canonical path ("/uploads/<key>") of one of our own stored uploads, given either that path or the
 * signed upload URL it was sent to (relative or absolute on this host); null for anything else.
 */
export function resolveOwnUpload(_config: Config, _url: string): string | null {
  return null;
}
