import { expect, test } from "./fixtures.ts";

test("the desktop landing shows the three selling points beside the form", async ({ page }) => {
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Why CommonCents" });
  await expect(panel).toBeVisible();
  for (const point of ["Price Discovery", "Community Driven", "Build Your Reputation"]) {
    await expect(panel.getByRole("heading", { name: point })).toBeVisible();
  }
});
