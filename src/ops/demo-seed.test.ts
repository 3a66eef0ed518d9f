import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../db/demo.ts";
import { runCommand, spawnServer } from "../test/processes.ts";

// Three argon2 hashes and a server start on a busy shared machine.
setDefaultTimeout(60_000);

const ALERT_MET = { lastHit: expect.objectContaining({ productName: "Greek Yogurt", price: 5.49, storeName: "Corner Grocery" }) };
const dataDir = mkdtempSync(join(tmpdir(), "commoncents-demo-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("commoncents seed", () => {
  test("fills an empty database with shoppers whose reports every screen shows, and only once", async () => {
    const seeded = await runCommand(["seed"], { DATA_DIR: dataDir });
    expect(seeded.code).toBe(0);
    expect(seeded.stdout.trim()).toBe("seeded 3 demo users, 4 stores, 16 price reports, 6 fuel reports and 2 alerts");
    const again = await runCommand(["seed"], { DATA_DIR: dataDir });
    expect(again.stdout.trim()).toBe("database already has users; nothing seeded");

    const server = await spawnServer({ DATA_DIR: dataDir });
    try {
      const maria = server.client();
      expect((await maria.post("/api/auth/login", { username: "maria", password: DEMO_PASSWORD })).status).toBe(200);

      type Found = { price: number; upvotes: number; hasUserTakenDeal: boolean; store: { name: string } };
      const milk = (await maria.get("/api/search?q=milk")).data as Found[];
      expect(milk.map((r) => [r.price, r.store.name])).toEqual([
        [3.99, "Green Valley Market"],
        [4.29, "FreshMart"],
        [4.79, "Corner Grocery"],
      ]);
      expect(milk[0]).toMatchObject({ upvotes: 2, hasUserTakenDeal: true });
      // Downtown (10006) is within 20 zips of 10001: the electronics store's reports are found too.
      expect(((await maria.get("/api/search?q=earbuds")).data as unknown[]).length).toBe(1);

      const me = (await maria.get("/api/auth/user")).data;
      expect(me).toMatchObject({ zipCode: "10001", totalReports: 7, priceReportsMade: 5, totalMoneySaved: 0.8 });
      const stations = (await maria.get("/api/gas/nearby")).data as { name: string; regularPrice: number | null }[];
      const names = stations.map((s) => s.name).sort();
      expect(names).toEqual(["Avenue A Gas", "Chelsea Fuel", "Hudson Yards Charging", "West Side Service"]);
      expect(stations.find((s) => s.name === "Chelsea Fuel")?.regularPrice).toBe(3.459);
      expect(((await maria.get("/api/gas/reports/nearby?limit=20")).data as unknown[]).length).toBe(6);
      const alerts = (await maria.get("/api/price-alerts")).data as { productName: string; targetPrice: number }[];
      expect(alerts.map((a) => [a.productName, a.targetPrice]).sort()).toEqual([["Greek Yogurt", 6], ["Ground Coffee", 7.5]]);
      expect(alerts.find((a) => a.productName === "Greek Yogurt")).toMatchObject(ALERT_MET);
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
  });
});
