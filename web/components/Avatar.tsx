import { initialsOf } from "./format.ts";

type Person = { firstName: string | null; lastName: string | null; username: string; profileImageUrl: string | null };

const SIZES = { sm: "w-10 text-sm", md: "w-14 text-lg", lg: "w-20 text-2xl" } as const;

/** A round profile photo, or the person's initials when there is none. */
export function Avatar({ person, size = "md" }: { person: Person; size?: keyof typeof SIZES }) {
	return (
		<div className="avatar avatar-placeholder shrink-0">
			<div className={`${SIZES[size]} rounded-full bg-primary text-primary-content`}>
				{person.profileImageUrl ? (
					// biome-ignore lint/a11y/noRedundantAlt: "Pat's photo" is the name screens and tests know it by
					<img src={person.profileImageUrl} alt={`${displayName(person)}'s photo`} />
				) : (
					<span aria-hidden="true">{initialsOf(person.firstName, person.lastName, person.username)}</span>
				)}
			</div>
		</div>
	);
}

/**
 * A person's name as the server gives it: other shoppers' come with their last name's initial only ("Maria
 * G."), a moderator's list and one's own with it whole.
 */
export const displayName = (p: Pick<Person, "firstName" | "lastName" | "username">) => {
	const last = p.lastName?.length === 1 ? `${p.lastName}.` : p.lastName;
	return [p.firstName, last].filter(Boolean).join(" ") || p.username;
};
