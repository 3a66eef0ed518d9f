import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

const PLAIN_NAME = "cc_session";
/** Over HTTPS the __Host- prefix pins the cookie to our exact origin. */
const SECURE_NAME = "__Host-cc_session";

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SECURE_NAME) ?? getCookie(c, PLAIN_NAME);
}

export function writeSessionCookie(c: Context, token: string, expires: Date) {
  const secure = isHttps(c);
  setCookie(c, secure ? SECURE_NAME : PLAIN_NAME, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    expires,
  });
}

export function clearSessionCookie(c: Context) {
  const secure = isHttps(c);
  deleteCookie(c, secure ? SECURE_NAME : PLAIN_NAME, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
}
