import { type Browser, type Page, test as base, expect } from "@playwright/test";

export const PASSWORD = "Journey!Pass1";
let seq = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Signs a fresh user in through the API (not the UI): the page's context keeps the session cookie. */
export async function signInFreshUser(page: Page, baseURL: string, fields: Record<string, string> = {}) {
  const username = uniqueName("e2e");
  const res = await page.request.post("/api/auth/register", {
    headers: { Origin: baseURL },
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: "Erin",
      lastName: "Tester",
      zipCode: "10001",
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return { username };
}

/** Another shopper in a browser context of their own (own cookies), signed in through the API. */
export async function signInInNewContext(browser: Browser, baseURL: string, fields: Record<string, string> = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { username } = await signInFreshUser(page, baseURL, fields);
  return { page, username };
}

export const test = base.extend<{ signedIn: { username: string } }>({
  signedIn: async ({ page, baseURL }, use) => {
    await use(await signInFreshUser(page, baseURL ?? ""));
  },
});
export { expect };
