import { audit } from "./axe.ts";
import { expect, signInFreshUser, test } from "./fixtures.ts";

// The service worker would answer from its cache; these tests are about what the network refuses.
test.use({ serviceWorkers: "block" });

/** Answers 404 for one of the app's chunks, as the server does for a file of an older build. */
const missing = (name: string) => new RegExp(`/${name}-\\w+\\.js$`);

test("a part of the landing that fails to load reloads once, then offers a Reload instead of a blank page", async ({ page }) => {
  await page.route(missing("SignUpForm"), (route) => route.fulfill({ status: 404, body: "Not found" }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();

  // The first failure reloads the page by itself (a new version was deployed: the reload fetches it).
  const reloaded = page.waitForEvent("load");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await reloaded;
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

  // Still missing within the minute: no reload loop, a card that says what happened.
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const card = page.getByTestId("app-error");
  await expect(card.getByRole("heading", { name: "This screen didn't load" })).toBeVisible();
  await expect(card).toContainText("Part of CommonCents did not load");
  await expect(page).toHaveURL("/");
  const found: string[] = [];
  await audit(page, "error card", found);
  expect(found, found.join("\n")).toEqual([]);

  await page.unrouteAll();
  await card.getByRole("button", { name: "Reload" }).click();
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
});

test("a page of the signed-in app that fails to load shows the card in the frame; another screen still opens", async ({
  page,
  baseURL,
}) => {
  await signInFreshUser(page, baseURL ?? "");
  await page.route(missing("DiscoverPage"), (route) => route.fulfill({ status: 404, body: "Not found" }));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Deals near you", exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Discover" }).click();
  // The router reloads once, then this app once more (each once a minute); the third failure shows the card.
  await expect(page.getByRole("heading", { name: "This screen didn't load" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("header-zip")).toHaveText("10001"); // the frame is still there
  const found: string[] = [];
  await audit(page, "error card in the frame", found);
  expect(found, found.join("\n")).toEqual([]);
  await nav.getByRole("link", { name: "Gas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gas Prices" })).toBeVisible();

  // Back online (or deployed): the page is fetched again on the next visit, no reload needed.
  await page.unrouteAll();
  await nav.getByRole("link", { name: "Discover" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discover" })).toBeVisible();
});

test("a sign-out that does not reach the server says so and stays signed in; the next one signs out", async ({ page, baseURL }) => {
  const { username } = await signInFreshUser(page, baseURL ?? "");
  await page.goto("/settings");
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await page.route("**/api/auth/logout", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Sign Out" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "Sign out failed" });
  await expect(failed).toContainText("You are still signed in. Check your connection and try again.");
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await expect(page).toHaveURL("/settings");

  await page.unroute("**/api/auth/logout");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Signed out" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to CommonCents" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
});

test("a live stream answered 502 while the server restarts behind its proxy leaves the app on screen", async ({ page, baseURL }) => {
  await signInFreshUser(page, baseURL ?? "");
  let userCalls = 0;
  // The first "who is signed in" loads the app; from then on the proxy answers 502, as during a restart.
  await page.route("**/api/auth/user", (route) => (++userCalls === 1 ? route.continue() : route.fulfill({ status: 502, body: "Bad Gateway" })));
  await page.route("**/api/events*", (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));
  await page.goto("/");
  await expect(page.getByRole("tab", { name: "Alerts" })).toBeVisible();
  // The ended stream made the app ask who is signed in; the 502 it got changes nothing on screen.
  await expect.poll(() => userCalls).toBeGreaterThan(1);
  await page.waitForTimeout(300);
  await expect(page.getByText("could not load your account")).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Alerts" })).toBeVisible();
});
