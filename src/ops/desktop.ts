/**
 * Desktop mode: the same binary as a local app. Loopback only, the user's own data folder, a port that
 * stays the same between launches when it can (cookies, the installed app and the offline cache belong to
 * an origin, port included), and the default browser opened on it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Env = Record<string, string | undefined>;

/** XDG on Linux, Application Support on macOS, AppData on Windows. */
export function userDataDir(platform: NodeJS.Platform = process.platform, env: Env = process.env, home = homedir()) {
	if (platform === "darwin") return join(home, "Library", "Application Support", "CommonCents");
	if (platform === "win32") return join(env.APPDATA || join(home, "AppData", "Roaming"), "CommonCents");
	const xdg = env.XDG_DATA_HOME?.startsWith("/") ? env.XDG_DATA_HOME : join(home, ".local", "share");
	return join(xdg, "commoncents");
}

const statePath = (dataDir: string) => join(dataDir, "desktop.json");

/** The port of the last launch, or 0 (any free port) the first time. */
export function rememberedPort(dataDir: string): number {
	try {
		const port = JSON.parse(readFileSync(statePath(dataDir), "utf8"))?.port;
		return Number.isInteger(port) && port > 1024 && port < 65536 ? port : 0;
	} catch {
		return 0;
	}
}

export function rememberPort(dataDir: string, port: number) {
	writeFileSync(statePath(dataDir), `${JSON.stringify({ port })}\n`);
}

/** Loopback names a browser may use for us; anything else in Host is a rebinding attempt. */
export const loopbackHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

/**
 * $BROWSER when set (the Unix convention), else the platform's opener. Returns false when nothing could
 * be started; the caller prints the address instead.
 */
export function openBrowser(
	url: string,
	platform: NodeJS.Platform = process.platform,
	env: Env = process.env,
): boolean {
	const command = env.BROWSER
		? [...env.BROWSER.split(" ").filter(Boolean), url]
		: platform === "darwin"
			? ["open", url]
			: platform === "win32"
				? ["cmd", "/c", "start", "", url]
				: ["xdg-open", url];
	if (!command[0] || (!command[0].includes("/") && !Bun.which(command[0]))) return false;
	if (command[0].includes("/") && !existsSync(command[0])) return false;
	try {
		const child = Bun.spawn(command, { stdio: ["ignore", "ignore", "ignore"] });
		child.unref();
		return true;
	} catch {
		return false;
	}
}
