import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

/**
 * axe-core run inside the page through the DevTools protocol (page.evaluate), so our Content-Security-Policy
 * stays as it ships. Each finding becomes one readable line: the state, the rule, and for contrast the
 * colours and the ratio (a selector alone rarely says which text it was).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.0, 2.1 and 2.2 levels A and AA (2.2 adds 24 px touch targets), plus axe's best practices (heading order, landmarks). */
export const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Options = { rules?: string[]; within?: string };

export async function audit(page: Page, state: string, found: string[], { rules, within }: Options = {}) {
	// Let transitions finish (a toast's entrance, a theme's colours): a half-faded colour is not what a user reads.
	// A short pause lets a page just navigated to draw; then every finite animation is awaited, after two frames
	// so that one just triggered has started (an endless one, a spinner, is not): a busy machine cannot cut it short.
	await page.waitForTimeout(350);
	await page.evaluate(async () => {
		await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
		const finite = document
			.getAnimations()
			.filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
		await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
	});
	const lines = await page.evaluate(
		async ({ source, tags, rules, within }) => {
			type Node = { html: string; any: { data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } }[] };
			type Violation = { id: string; impact: string | null; help: string; nodes: Node[] };
			const w = window as unknown as {
				axe?: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> };
			};
			// biome-ignore lint/security/noGlobalEval: puts axe-core's own source into the page under test, at global scope
			if (!w.axe) window.eval(source);
			const runOnly = rules ? { type: "rule", values: rules } : { type: "tag", values: tags };
			const { violations } = await w.axe!.run(within ? document.querySelector(within) : document, { runOnly });
			const describe = (n: Node) => {
				const data = n.any.find((check) => check.data?.contrastRatio)?.data;
				const html = n.html.length > 90 ? `${n.html.slice(0, 90)}…` : n.html;
				return data ? `${html} [${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1]` : html;
			};
			return violations.map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.map(describe).join(" | ")}`);
		},
		{ source: AXE_SOURCE, tags: WCAG_AA, rules, within },
	);
	for (const line of lines) found.push(`${state}: ${line}`);
}
