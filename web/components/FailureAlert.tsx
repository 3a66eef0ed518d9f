import { AlertIcon } from "./icons.tsx";

/**
 * A failure told inside a modal dialog: the toast that also tells it sits behind the dialog's backdrop,
 * where it can be neither read by a screen reader nor dismissed.
 */
export function FailureAlert({
	title,
	text,
	testId,
	className = "",
}: {
	title: string;
	text: string;
	testId: string;
	className?: string;
}) {
	return (
		<div role="alert" className={`alert alert-error alert-soft ${className}`} data-testid={testId}>
			<AlertIcon />
			<span>
				<span className="font-semibold">{title}: </span>
				{text}
			</span>
		</div>
	);
}
