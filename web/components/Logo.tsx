/** The CommonCents mark and name. */
export function Logo({ size = "md" }: { size?: "sm" | "md" | "lg" }) {
	const mark = { sm: "size-6 text-sm", md: "size-8 text-lg", lg: "size-12 text-2xl" }[size];
	const text = { sm: "text-sm", md: "text-lg", lg: "text-3xl" }[size];
	return (
		<span className="inline-flex items-center gap-2 font-bold text-primary">
			<span
				className={`${mark} inline-flex items-center justify-center rounded-full bg-primary text-primary-content`}
				aria-hidden="true"
			>
				¢
			</span>
			<span className={text}>CommonCents</span>
		</span>
	);
}

export function Spinner({ label = "Loading" }: { label?: string }) {
	return (
		<div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
			<span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
			<span className="sr-only">{label}</span>
		</div>
	);
}
