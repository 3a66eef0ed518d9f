import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { isStatus } from "../api/failure.ts";
import { CartIcon } from "../components/icons.tsx";
import { SearchMessage } from "../components/SearchStates.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { ListFailed, ListSkeleton, Panel } from "./Parts.tsx";
import { sharedListQuery } from "./queries.ts";

/** A list someone shared: read-only, its items and which are ticked. */
export function SharedListPage() {
	const { token = "" } = useParams({ strict: false });
	const list = useQuery(sharedListQuery(token));
	usePageTitle(list.data ? `${list.data.name} (shared)` : "Shared list");
	return (
		<section aria-labelledby="shared-heading" className="flex flex-col gap-4 lg:mx-auto lg:w-full lg:max-w-2xl">
			<h1 id="shared-heading" className="text-2xl font-bold break-words">
				{list.data?.name ?? "Shared list"}
			</h1>
			{list.data ? (
				<Panel title="Items" id="shared-items">
					<p className="text-sm text-base-content/70">A shared list: you can read it, not change it.</p>
					<ul className="flex flex-col divide-y divide-base-300">
						{list.data.items.map((item) => (
							<li
								key={item.id}
								className={`py-2 break-words ${item.ticked ? "text-base-content/70 line-through" : ""}`}
								data-testid="shared-item"
							>
								{item.name}
								{item.quantity > 1 && <span className="ml-2 text-sm text-base-content/70">× {item.quantity}</span>}
								{item.ticked && <span className="sr-only"> (ticked)</span>}
							</li>
						))}
					</ul>
				</Panel>
			) : list.isError ? (
				isStatus(list.error, 404) ? (
					<SearchMessage icon={<CartIcon className="size-6" />} title="This link no longer works" testId="shared-gone">
						<p>Its list was made private or deleted.</p>
					</SearchMessage>
				) : (
					<ListFailed title="The list could not be loaded" error={list.error} retry={() => void list.refetch()} />
				)
			) : (
				<ListSkeleton label="Loading the list" />
			)}
		</section>
	);
}
