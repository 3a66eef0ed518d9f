import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./env.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "commoncents-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  test("defaults: port 3000, the database and uploads under DATA_DIR, console disabled", () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.dbPath).toBe(join(dir, "commoncents.db"));
    expect(config.uploadsDir).toBe(join(dir, "uploads"));
    expect(config.adminPasskey).toBeUndefined();
    expect(config.nodeEnv).toBe("production");
    expect(config.trustProxy).toBe(0);
    expect(config.signupsPerHour).toBe(10);
    expect(config.reportsPerHour).toBe(120);
    // Reports on their own thread wherever a second core can run it.
    expect(config.reportWriter).toBe(navigator.hardwareConcurrency >= 2 ? "thread" : "inline");
  });

  test("a secret is made once, kept private in DATA_DIR, and reused", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, "secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, SECRET: "s".repeat(40) }).secret).toBe("s".repeat(40));
  });

  test("bad values are named", () => {
    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, PORT: "eighty" })).toThrow(/PORT: PORT must be a whole number/);
    expect(() => loadConfig({ DATA_DIR: dir, SECRET: "short" })).toThrow(/SECRET must be at least 32 characters/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY: TRUST_PROXY must be the number of proxies/);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dir, SIGNUPS_PER_HOUR: "-1" })).toThrow(/SIGNUPS_PER_HOUR: SIGNUPS_PER_HOUR must be the accounts/);
    expect(loadConfig({ DATA_DIR: dir, SIGNUPS_PER_HOUR: "0" }).signupsPerHour).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, REPORTS_PER_HOUR: "lots" })).toThrow(/REPORTS_PER_HOUR: REPORTS_PER_HOUR must be the price and fuel reports/);
    expect(() => loadConfig({ DATA_DIR: dir, REPORT_WRITER: "worker" })).toThrow(/REPORT_WRITER: REPORT_WRITER must be "auto", "thread" or "inline"/);
    expect(loadConfig({ DATA_DIR: dir, REPORT_WRITER: "inline" }).reportWriter).toBe("inline");
    expect(loadConfig({ DATA_DIR: dir, REPORT_WRITER: "thread" }).reportWriter).toBe("thread");
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(ConfigError);
  });
});
