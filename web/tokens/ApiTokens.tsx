import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CreateTokenSchema, MAX_TOKENS_PER_USER } from "../../src/tokens/schemas.ts";
import { failureText, submitFailure } from "../api/failure.ts";
import { useSessionLost } from "../auth/index.ts";
import { Field, useForm } from "../components/form.tsx";
import { timeAgo } from "../components/format.ts";
import { AlertIcon } from "../components/icons.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { useToast } from "../state/toast.ts";
import { NewTokenSecret } from "./NewTokenSecret.tsx";
import { type ApiToken, tokensQuery, useCreateToken, useRevokeToken } from "./queries.ts";
import { RevokeTokenDialog } from "./RevokeTokenDialog.tsx";

export const TOKENS_FAILED = "Failed to load your tokens";
export const TOKENS_EMPTY = "No tokens yet.";
export const CREATE_FAILED = "Failed to create the token";
/** The reference page (src/openapi/reference.ts): its "Read API v1" section is the one integrations use. */
export const API_REFERENCE_HREF = "/docs/api";

function TokenItem({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
	return (
		<li className="flex items-start justify-between gap-3 py-2" data-testid="api-token">
			<div className="min-w-0">
				<p className="font-medium break-words">{token.name}</p>
				<p className="text-sm text-base-content/70">
					<span className="font-mono" title="The token's last four characters">
						…{token.hint}
					</span>
					{" · Created "}
					<time dateTime={token.createdAt}>{timeAgo(token.createdAt)}</time>
					{" · "}
					{token.lastUsedAt ? (
						<>
							Last used <time dateTime={token.lastUsedAt}>{timeAgo(token.lastUsedAt)}</time>
						</>
					) : (
						"Never used"
					)}
				</p>
			</div>
			<button
				type="button"
				className="btn btn-ghost btn-sm shrink-0"
				aria-label={`Revoke ${token.name}`}
				onClick={onRevoke}
			>
				Revoke
			</button>
		</li>
	);
}

function TokenList({ headingId }: { headingId: string }) {
	const tokens = useQuery(tokensQuery);
	const revoke = useRevokeToken();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const [asked, setAsked] = useState<ApiToken | null>(null);
	const [failure, setFailure] = useState<string | null>(null);

	if (tokens.isPending)
		return (
			<div role="status" aria-label="Loading your tokens" className="flex flex-col gap-2">
				<div className="skeleton h-5 w-1/2" aria-hidden="true" />
				<div className="skeleton h-5 w-2/3" aria-hidden="true" />
			</div>
		);
	if (tokens.isError)
		return (
			<div role="alert" className="flex flex-col items-start gap-2 text-sm text-error">
				<span className="flex items-center gap-2">
					<AlertIcon className="size-4" />
					{TOKENS_FAILED}
				</span>
				<button type="button" className="btn btn-sm btn-outline" onClick={() => void tokens.refetch()}>
					Try again
				</button>
			</div>
		);
	if (tokens.data.length === 0)
		return (
			<p className="text-sm text-base-content/70" data-testid="tokens-empty">
				{TOKENS_EMPTY}
			</p>
		);

	const confirm = (token: ApiToken) =>
		revoke.mutate(token.id, {
			onSuccess: () => {
				setAsked(null);
				// The button that opened the dialog is gone with its token: the focus goes back to the card.
				document.getElementById(headingId)?.focus();
				toast({ title: "Token revoked", description: `“${token.name}” no longer works.` });
			},
			onError: (error) => {
				if (sessionLost(error)) setAsked(null);
				else setFailure(failureText(error));
			},
		});

	return (
		<>
			{tokens.data.length >= MAX_TOKENS_PER_USER && (
				<p className="text-sm text-base-content/70">
					You have {MAX_TOKENS_PER_USER} tokens, the most you can keep: revoke one to create another.
				</p>
			)}
			<ul aria-label="Your tokens" className="flex flex-col divide-y divide-base-300">
				{tokens.data.map((token) => (
					<TokenItem
						key={token.id}
						token={token}
						onRevoke={() => {
							setFailure(null);
							setAsked(token);
						}}
					/>
				))}
			</ul>
			{asked && (
				<RevokeTokenDialog
					token={asked}
					pending={revoke.isPending}
					failure={failure}
					onConfirm={() => confirm(asked)}
					onClose={() => setAsked(null)}
				/>
			)}
		</>
	);
}

/**
 * Settings' API access: personal access tokens for home tools and scripts (read-only, decision 0067). A new
 * token's secret is shown once, here; the list shows only each token's last four characters.
 */
export function ApiTokens() {
	const headingId = useId();
	const form = useForm(CreateTokenSchema, { name: "" });
	const create = useCreateToken();
	const toast = useToast();
	const sessionLost = useSessionLost();
	const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);

	const submit = (event: React.FormEvent) => {
		event.preventDefault();
		if (create.isPending) return;
		const input = form.check();
		if (!input) return;
		create.mutate(input, {
			onSuccess: ({ token, secret }) => {
				form.reset();
				setCreated({ name: token.name, secret });
				// The mutation's own state would keep the secret: only the panel above holds it.
				create.reset();
			},
			onError: (error) => {
				if (sessionLost(error)) return;
				toast({ title: CREATE_FAILED, description: submitFailure(error, form.showIssues), variant: "error" });
			},
		});
	};

	return (
		<section aria-labelledby={headingId} className="card bg-base-100 shadow-sm" id="api-access">
			<div className="card-body gap-4">
				<h2 id={headingId} tabIndex={-1} className="font-semibold">
					API access
				</h2>
				<p className="text-sm text-base-content/70">
					Personal access tokens let a home tool or script (Home Assistant, a pantry app) read prices as you. They can
					only read: nothing is ever changed with one. How to call the API is in the{" "}
					<a className="link link-primary" href={API_REFERENCE_HREF}>
						API reference
					</a>
					, under Read API v1.
				</p>
				{created && (
					<NewTokenSecret
						name={created.name}
						secret={created.secret}
						onDone={() => {
							setCreated(null);
							document.getElementById(headingId)?.focus();
						}}
					/>
				)}
				<form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Create a token">
					<Field
						label="Token name"
						{...form.field("name")}
						autoComplete="off"
						placeholder="Home Assistant"
						hint="What will use it, to tell your tokens apart"
					/>
					<SubmitButton busy={create.isPending} className="btn-primary self-start">
						Create token
					</SubmitButton>
				</form>
				<TokenList headingId={headingId} />
			</div>
		</section>
	);
}
