import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CreateListSchema } from "../../src/lists/schemas.ts";
import { failureText } from "../api/failure.ts";
import { Field, useForm } from "../components/form.tsx";
import { CartIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { useToast } from "../state/toast.ts";
import { ListFailed, ListSkeleton, Panel } from "./Parts.tsx";
import { listsQuery, useCreateList } from "./queries.ts";

export const LISTS_FAILED = "Your lists could not be loaded";

/** Shopping lists: make one, and open one to fill it, tick it off in the store and see where it costs least. */
export function ListsPage() {
	usePageTitle("Shopping lists");
	const lists = useQuery(listsQuery);
	return (
		<section aria-labelledby="lists-heading" className="flex flex-col gap-4 lg:mx-auto lg:w-full lg:max-w-3xl">
			<h1 id="lists-heading" className="text-2xl font-bold">
				Shopping lists
			</h1>
			<NewListForm />
			{lists.data ? (
				lists.data.length === 0 ? (
					<SearchMessage icon={<CartIcon className="size-6" />} title="No lists yet" testId="lists-empty">
						<p>Make a list above: CommonCents finds the store, or the two, where it costs least near you.</p>
					</SearchMessage>
				) : (
					<Panel title="Your lists" id="your-lists">
						<ul className="flex flex-col divide-y divide-base-300">
							{lists.data.map((list) => (
								<li key={list.id}>
									<Link
										to="/lists/$id"
										params={{ id: String(list.id) }}
										className="flex items-center justify-between gap-3 py-3 hover:underline"
									>
										<span className="font-medium break-words">{list.name}</span>
										<span className="shrink-0 text-sm text-base-content/70">
											{list.items === 1 ? "1 item" : `${list.items} items`}
											{list.ticked > 0 && ` · ${list.ticked} ticked`}
											{list.shared && " · shared"}
										</span>
									</Link>
								</li>
							))}
						</ul>
					</Panel>
				)
			) : lists.isError ? (
				<ListFailed title={LISTS_FAILED} error={lists.error} retry={() => void lists.refetch()} />
			) : (
				<ListSkeleton label="Loading your lists" />
			)}
		</section>
	);
}

function NewListForm() {
	const form = useForm(CreateListSchema, { name: "" });
	const create = useCreateList();
	const toast = useToast();
	return (
		<form
			aria-label="New list"
			noValidate
			className="card bg-base-100 shadow-sm"
			onSubmit={(event) => {
				event.preventDefault();
				const input = form.check();
				if (!input || create.isPending) return;
				create.mutate(input.name, {
					onSuccess: (list) => {
						form.reset();
						toast({ title: "List made", description: `“${list.name}” is ready for its first item.` });
					},
					onError: (error) =>
						toast({ title: "The list could not be made", description: failureText(error), variant: "error" }),
				});
			}}
		>
			<div className="card-body gap-3 p-4 sm:flex-row sm:items-start">
				<div className="grow">
					<Field label="New list" {...form.field("name")} placeholder="e.g. Weekly shop" maxLength={60} />
				</div>
				<SubmitButton busy={create.isPending} className="btn-primary sm:mt-6">
					Make list
				</SubmitButton>
			</div>
		</form>
	);
}
