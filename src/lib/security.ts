import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./context.ts";
import { HttpError, forbidden } from "./http.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Refuses state-changing requests from other sites. Hono's csrf() only looks at form posts, so every
 * non-GET must carry an Origin whose host is ours (browsers always send it on such requests).
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    if (!origin) throw forbidden("Cross-site request refused: the Origin header is missing");
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden("Cross-site request refused: the Origin header is not a URL");
    }
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    if (originHost !== host) throw forbidden("Cross-site request refused");
  }
  await next();
});

/** A body on a JSON route must say it is JSON (415 otherwise), and stay small (413). */
export const jsonOnly = createMiddleware<AppEnv>(async (c, next) => {
  const hasBody =
    Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
  if (hasBody && !SAFE_METHODS.has(c.req.method)) {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
      throw new HttpError(415, "Request body must be JSON (Content-Type: application/json)");
    }
  }
  await next();
});

export const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new HttpError(413, `Request body is too large (the limit is ${JSON_BODY_LIMIT_BYTES / 1024} KB)`);
  },
});

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", "data:"],
    // The offline app shell (/sw.js) and the install manifest; named so a tighter default-src cannot drop them.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  // A handler's own stricter header wins (stored photos send a sandboxing CSP).
  overwrite: false,
});
