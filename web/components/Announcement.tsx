/**
 * A polite live region that stays in the page whatever the screen shows: a screen reader reads a change of
 * its text (a region that appears along with its text is often not read). Empty says nothing.
 */
export function Announcement({ text, testId = "announcement" }: { text: string; testId?: string }) {
	return (
		<p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid={testId}>
			{text}
		</p>
	);
}

/** "1 deal", "3 deals": a count and its noun, for announcements. */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
