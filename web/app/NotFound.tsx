import { Link } from "@tanstack/react-router";
import { AlertIcon } from "../components/landingIcons.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";

/** Spec §2's not-found page, with its exact texts. */
export function NotFound() {
	usePageTitle("Page Not Found");
	return (
		<main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
			<div className="card w-full max-w-md bg-base-100 shadow-md">
				<div className="card-body gap-3">
					<div className="flex items-center gap-2 text-error">
						<AlertIcon className="size-7" />
						<h1 className="text-2xl font-bold text-base-content">404 Page Not Found</h1>
					</div>
					<p className="text-base-content/75">Did you forget to add the page to the router?</p>
					<Link to="/" className="btn btn-primary btn-sm mt-2 self-start">
						Go to CommonCents
					</Link>
				</div>
			</div>
		</main>
	);
}
