import { Link } from "@tanstack/react-router";
import { shortName } from "../components/format.ts";
import type { Reporter } from "./queries.ts";

/**
 * A report's byline, "Maria G." as the spec writes a reporter: a link to their page when their profile is
 * public (the server sends their username only then), else plain text.
 */
export function ReporterLink({ user, testId }: { user: Reporter; testId?: string }) {
	const name = shortName(user.firstName, user.lastName);
	if (!user.username) return <span data-testid={testId}>{name}</span>;
	return (
		<Link
			to="/people/$username"
			params={{ username: user.username }}
			className="link link-hover font-medium"
			data-testid={testId}
		>
			{name}
		</Link>
	);
}
