/**
 * Serves the built web app from files (embedded in the compiled binary, or on disk): hashed assets
 * cached for a year, index.html revalidated, gzip chosen by Accept-Encoding, and index.html for every
 * path that is not a file so the client router can answer it.
 */
export type AssetManifest = Record<string, string>;
export type StaticAssets = { serve(req: Request): Response };

const HASHED = /-[a-z0-9]{8,}\.[a-z0-9]+$/;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;

export function createStaticAssets(manifest: AssetManifest): StaticAssets {
  const indexPath = manifest["/index.html"];
  if (!indexPath) throw new Error("the web app build has no index.html");

  const respond = (req: Request, urlPath: string, filePath: string, cache: string) => {
    const file = Bun.file(filePath);
    const headers = new Headers({ "Cache-Control": cache, "Content-Type": file.type });
    const gz = manifest[`${urlPath}.gz`];
    if (COMPRESSIBLE.test(urlPath)) headers.set("Vary", "Accept-Encoding");
    if (gz && /\bgzip\b/.test(req.headers.get("accept-encoding") ?? "")) {
      headers.set("Content-Encoding", "gzip");
      return new Response(Bun.file(gz), { headers });
    }
    return new Response(file, { headers });
  };

  return {
    serve(req) {
      const urlPath = decodeURIComponent(new URL(req.url).pathname);
      const filePath = urlPath.endsWith(".gz") ? undefined : manifest[urlPath];
      if (filePath && urlPath !== "/index.html") {
        const cache = HASHED.test(urlPath) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
        return respond(req, urlPath, filePath, cache);
      }
      if (/\.[a-z0-9]{1,8}$/i.test(urlPath) && urlPath !== "/index.html") {
        return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
      }
      return respond(req, "/index.html", indexPath, "no-cache");
    },
  };
}
