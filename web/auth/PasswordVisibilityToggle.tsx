import { EyeIcon, EyeOffIcon } from "../components/landingIcons.tsx";

/** One toggle shows or hides every password field of the form (spec §2). */
export function PasswordVisibilityToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
	return (
		<button
			type="button"
			className="btn btn-ghost btn-square"
			onClick={onToggle}
			aria-pressed={shown}
			aria-label={shown ? "Hide passwords" : "Show passwords"}
			title={shown ? "Hide passwords" : "Show passwords"}
		>
			{shown ? <EyeOffIcon /> : <EyeIcon />}
		</button>
	);
}
