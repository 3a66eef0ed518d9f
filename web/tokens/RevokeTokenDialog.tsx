import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import type { ApiToken } from "./queries.ts";

export const REVOKE_FAILED = "Could not revoke the token";

/**
 * Asks before a token is revoked: whatever uses it stops at once, and there is no undo. Shown while
 * mounted, as a modal; a failure is told inside it.
 */
export function RevokeTokenDialog({
	token,
	pending,
	failure,
	onConfirm,
	onClose,
}: {
	token: ApiToken;
	pending: boolean;
	failure: string | null;
	onConfirm: () => void;
	onClose: () => void;
}) {
	return (
		<ConfirmDialog
			title={<>Revoke “{token.name}”?</>}
			text={
				<>
					Anything using the token ending in <span className="font-mono">{token.hint}</span> stops working at once. This
					cannot be undone.
				</>
			}
			failure={failure === null ? null : { title: REVOKE_FAILED, text: failure, testId: "revoke-failure" }}
			confirm="Revoke"
			danger
			pending={pending}
			onConfirm={onConfirm}
			onClose={onClose}
		/>
	);
}
