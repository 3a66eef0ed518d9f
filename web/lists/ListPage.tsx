import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { failureText, isStatus } from "../api/failure.ts";
import { currentUserQuery, EnterZipButton } from "../auth/index.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { CartIcon, PinIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { useToast } from "../state/toast.ts";
import { ItemsPanel } from "./ItemsPanel.tsx";
import { ListAlertPanel } from "./ListAlert.tsx";
import { ListFailed, ListSkeleton, Panel } from "./Parts.tsx";
import { PlanView } from "./PlanView.tsx";
import { listQuery, planQuery, type ShoppingList, useDeleteList, useShareList } from "./queries.ts";

export const LIST_FAILED = "This list could not be loaded";
export const PLAN_FAILED = "The plan could not be worked out";

/**
 * One list: its plan (where it costs least near the shopper, the drive counted) as the main view beside its
 * items on a wide screen, above them on a phone; sharing by a read-only link; deleting.
 */
export function ListPage() {
	const { id = "" } = useParams({ strict: false });
	const list = useQuery(listQuery(id));
	usePageTitle(list.data?.name ?? "Shopping list");
	if (list.data) return <ListView list={list.data} />;
	return (
		<section aria-labelledby="list-heading" className="flex flex-col gap-4">
			<Link to="/lists" className="btn btn-ghost btn-sm -ml-2 self-start">
				All lists
			</Link>
			<h1 id="list-heading" className="text-2xl font-bold">
				Shopping list
			</h1>
			{list.isError ? (
				isStatus(list.error, 404) ? (
					<SearchMessage icon={<CartIcon className="size-6" />} title="List not found" testId="list-gone">
						<p>It may have been deleted.</p>
					</SearchMessage>
				) : (
					<ListFailed title={LIST_FAILED} error={list.error} retry={() => void list.refetch()} />
				)
			) : (
				<ListSkeleton label="Loading the list" />
			)}
		</section>
	);
}

function ListView({ list }: { list: ShoppingList }) {
	const id = String(list.id);
	const auth = useQuery(currentUserQuery);
	const zipCode = auth.data?.status === "authenticated" ? auth.data.user.zipCode : null;
	const plan = useQuery({ ...planQuery(id, zipCode), enabled: zipCode !== null && list.items.length > 0 });
	let planBody: React.ReactNode;
	if (list.items.length === 0) planBody = null;
	else if (!zipCode)
		planBody = (
			<SearchMessage icon={<PinIcon className="size-6" />} title="Set Your Location" testId="plan-no-zip">
				<p>Add your zip code to see where this list costs least near you.</p>
				<EnterZipButton />
			</SearchMessage>
		);
	else if (plan.data)
		planBody = plan.data.single ? (
			<PlanView plan={plan.data} items={list.items} />
		) : (
			<SearchMessage icon={<CartIcon className="size-6" />} title="No prices yet" testId="plan-empty">
				<p>Nobody has reported these items near {zipCode} yet.</p>
			</SearchMessage>
		);
	else if (plan.isError)
		planBody = <ListFailed title={PLAN_FAILED} error={plan.error} retry={() => void plan.refetch()} />;
	else planBody = <ListSkeleton label="Working out the plan" />;

	return (
		<section aria-labelledby="list-heading" className="flex flex-col gap-4" aria-busy={plan.isFetching}>
			<Link to="/lists" className="btn btn-ghost btn-sm -ml-2 self-start">
				All lists
			</Link>
			<h1 id="list-heading" className="text-2xl font-bold break-words">
				{list.name}
			</h1>
			<div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
				<div className="flex flex-col gap-4 lg:order-2">{planBody}</div>
				<div className="flex flex-col gap-4">
					<ItemsPanel listId={id} items={list.items} />
					<ListAlertPanel list={list} zipCode={zipCode} />
					<SharePanel list={list} />
				</div>
			</div>
		</section>
	);
}

function SharePanel({ list }: { list: ShoppingList }) {
	const id = String(list.id);
	const share = useShareList(id);
	const remove = useDeleteList(id);
	const [asked, setAsked] = useState(false);
	const navigate = useNavigate();
	const toast = useToast();
	const link = list.shareUrl ? `${location.origin}${list.shareUrl}` : null;
	const failed = (title: string) => (error: Error) =>
		toast({ title, description: failureText(error), variant: "error" });
	return (
		<Panel title="Share" id="list-share">
			{link ? (
				<>
					<p className="text-sm">Anyone with this link can read the list (not change it):</p>
					<input
						className="input w-full"
						readOnly
						value={link}
						aria-label="Read-only link"
						onFocus={(e) => e.target.select()}
					/>
					<div className="flex flex-wrap gap-2">
						<button
							type="button"
							className="btn btn-sm btn-primary"
							onClick={() =>
								void navigator.clipboard?.writeText(link).then(
									() => toast({ title: "Link copied" }),
									() => toast({ title: "Copy the link from the box", variant: "error" }),
								)
							}
						>
							Copy link
						</button>
						<button
							type="button"
							className="btn btn-sm btn-outline"
							onClick={() => share.mutate(false, { onError: failed("Sharing could not be stopped") })}
						>
							Stop sharing
						</button>
					</div>
				</>
			) : (
				<button
					type="button"
					className="btn btn-sm btn-outline self-start"
					onClick={() => share.mutate(true, { onError: failed("The list could not be shared") })}
				>
					Share a read-only link
				</button>
			)}
			<button type="button" className="btn btn-sm btn-ghost self-start text-error" onClick={() => setAsked(true)}>
				Delete list
			</button>
			{asked && (
				<ConfirmDialog
					heading="h2"
					title={<>Delete “{list.name}”?</>}
					text="Its items go with it, and a shared link stops working. This cannot be undone."
					failure={
						remove.error
							? {
									title: "The list could not be deleted",
									text: failureText(remove.error),
									testId: "delete-list-failure",
								}
							: null
					}
					confirm="Delete"
					danger
					pending={remove.isPending}
					onConfirm={() =>
						remove.mutate(undefined, {
							onSuccess: () => {
								toast({ title: "List deleted" });
								void navigate({ to: "/lists" });
							},
						})
					}
					onClose={() => setAsked(false)}
				/>
			)}
		</Panel>
	);
}
