/**
 * DATA_DIR/commoncents.pid names the process serving that folder, so `restore` can refuse to swap the
 * database under a running server. A file left by a killed process is recognised as stale.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const pidPath = (dataDir: string) => join(dataDir, "commoncents.pid");

export function writePidFile(dataDir: string, port: number) {
  writeFileSync(pidPath(dataDir), `${JSON.stringify({ pid: process.pid, port })}\n`);
}

export function releasePidFile(dataDir: string) {
  const running = readPidFile(dataDir);
  if (running?.pid === process.pid) rmSync(pidPath(dataDir), { force: true });
}

function readPidFile(dataDir: string): { pid: number; port: number } | null {
  try {
    const parsed = JSON.parse(readFileSync(pidPath(dataDir), "utf8"));
    return typeof parsed?.pid === "number" ? parsed : null;
  } catch {
    return null;
  }
}

/** The server process using this data folder, if one is alive (not this process). */
export function runningServer(dataDir: string): { pid: number; port: number } | null {
  const found = readPidFile(dataDir);
  if (!found || found.pid === process.pid) return null;
  try {
    process.kill(found.pid, 0);
    return found;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone.
    return (error as { code?: string }).code === "EPERM" ? found : null;
  }
}
