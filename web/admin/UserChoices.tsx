import { Avatar, displayName } from "../components/Avatar.tsx";
import type { AdminUser } from "./queries.ts";

/** The console's user list: one to terminate (a radio), and a suspended one's "Lift suspension". */
export function UserChoices({
	users,
	loading,
	failed,
	myId,
	chosenId,
	onChoose,
	onLift,
}: {
	users: AdminUser[] | undefined;
	loading: boolean;
	failed: boolean;
	myId: string | null;
	chosenId: string | null;
	onChoose: (id: string) => void;
	onLift: (user: AdminUser) => void;
}) {
	if (loading) return <span className="loading loading-dots" role="status" aria-label="Loading users" />;
	if (failed || !users) return <p className="text-sm text-error">Could not load users.</p>;
	if (users.length === 0) return <p className="text-sm text-base-content/70">No usernames match.</p>;
	return (
		<fieldset className="min-w-0 max-h-72 overflow-y-auto rounded-box border border-base-300">
			<legend className="sr-only">Choose a user</legend>
			<ul className="divide-y divide-base-300">
				{users.map((u) => {
					const self = u.id === myId;
					const unavailable = self || u.isTerminated;
					return (
						<li key={u.id} className="flex flex-wrap items-center gap-x-2 pr-2">
							<label
								className={`flex min-w-0 flex-1 items-center gap-3 p-2 ${unavailable ? "opacity-60" : "cursor-pointer hover:bg-base-200"}`}
							>
								<input
									type="radio"
									name="terminate-user"
									className="radio radio-sm"
									value={u.id}
									checked={chosenId === u.id}
									disabled={unavailable}
									onChange={() => onChoose(u.id)}
									aria-label={`@${u.username}`}
								/>
								<Avatar person={u} size="sm" />
								<span className="min-w-0 flex-1">
									<span className="block truncate font-medium">{displayName(u)}</span>
									<span className="block truncate text-sm text-base-content/70">@{u.username}</span>
								</span>
								{u.isTerminated && <span className="badge badge-error badge-sm">Suspended</span>}
								{self && <span className="badge badge-ghost badge-sm">You</span>}
							</label>
							{u.isTerminated && (
								<button
									type="button"
									className="btn btn-xs btn-outline ml-auto"
									onClick={() => onLift(u)}
									aria-label={`Lift suspension of @${u.username}`}
								>
									Lift suspension
								</button>
							)}
						</li>
					);
				})}
			</ul>
		</fieldset>
	);
}
