import { clientSideText } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { StarIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";
import { type SpotKind, useStar } from "./queries.ts";

export const STAR_FAILED_MESSAGE = "Failed to update your spots. Please try again.";

type Props = { kind: SpotKind; id: number; name: string; starred: boolean; className?: string };

/**
 * Stars a store or station for My spots: a toggle (aria-pressed) named after the spot, so a list of cards
 * reads "Star Joe's Market, pressed". The star shows at once and goes back, with a toast, if it fails.
 */
export function StarButton({ kind, id, name, starred, className = "" }: Props) {
	const star = useStar();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const onClick = () => {
		if (star.isPending) return;
		star.mutate(
			{ kind, id, starred: !starred },
			{
				onError: (error) => {
					if (!sessionLost(error))
						toast({ title: STAR_FAILED_MESSAGE, description: clientSideText(error), variant: "error" });
				},
			},
		);
	};
	return (
		<button
			type="button"
			aria-pressed={starred}
			aria-label={`Star ${name}`}
			// aria-disabled, not disabled, while saving: a disabled button would drop the keyboard's focus.
			aria-disabled={star.isPending || undefined}
			onClick={onClick}
			className={`btn btn-ghost btn-sm btn-square ${starred ? "text-(--warning-ink)" : "text-base-content/70"} ${className}`}
			data-testid="star-button"
		>
			<StarIcon className={`size-5 ${starred ? "fill-current" : ""}`} />
		</button>
	);
}
