import { useEffect, useId, useRef, useState } from "react";
import { Announcement } from "../components/Announcement.tsx";
import { CheckIcon } from "../components/icons.tsx";

export const SECRET_ONCE = "Copy it now and keep it somewhere safe: you won't see it again.";
export const COPY_FAILED = "Could not copy. The token is selected: copy it yourself.";

/**
 * A token's secret, right after it was made: the one time it is shown. It lives in this component's state
 * only, so Done (or leaving Settings) is the end of it; Copy says "Copied" aloud too.
 */
export function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
	const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
	const heading = useRef<HTMLHeadingElement>(null);
	const input = useRef<HTMLTextAreaElement>(null);
	const ids = useId();

	// Created: a screen reader user lands on the news, and the keyboard is one Tab from Copy.
	useEffect(() => heading.current?.focus(), []);

	const copy = async () => {
		try {
			await navigator.clipboard.writeText(secret);
			setCopied("yes");
		} catch {
			// No clipboard (a page on plain http, a refused permission): the shopper copies it by hand.
			input.current?.select();
			setCopied("failed");
		}
	};

	return (
		<section
			className="flex flex-col gap-3 rounded-box border border-success/50 bg-success/10 p-4"
			aria-labelledby={`${ids}-title`}
			data-testid="new-token"
		>
			<h3 id={`${ids}-title`} ref={heading} tabIndex={-1} className="font-semibold break-words">
				Your new token “{name}”
			</h3>
			<p className="text-sm">{SECRET_ONCE}</p>
			<label htmlFor={`${ids}-secret`} className="sr-only">
				Personal access token {name}
			</label>
			<div className="flex flex-col gap-2 sm:flex-row">
				{/* A textarea: on a phone the whole secret shows, wrapped, rather than scrolled out of sight. */}
				<textarea
					id={`${ids}-secret`}
					ref={input}
					readOnly
					rows={2}
					value={secret}
					className="textarea min-h-0 w-full resize-none font-mono text-sm break-all"
					spellCheck={false}
					autoComplete="off"
					onFocus={(e) => e.currentTarget.select()}
				/>
				<button type="button" className="btn btn-primary gap-1 sm:w-28" onClick={() => void copy()}>
					{copied === "yes" && <CheckIcon className="size-4" />}
					{copied === "yes" ? "Copied" : "Copy"}
				</button>
			</div>
			{copied === "failed" && <p className="text-sm">{COPY_FAILED}</p>}
			<Announcement text={copied === "yes" ? "Copied" : copied === "failed" ? COPY_FAILED : ""} testId="copy-status" />
			<button type="button" className="btn btn-sm btn-outline self-start" onClick={onDone}>
				Done
			</button>
		</section>
	);
}
