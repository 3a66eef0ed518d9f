import { lazy, Suspense, useState } from "react";
import { Logo } from "../components/Logo.tsx";
import { StarIcon, TrendIcon, UsersIcon } from "../components/landingIcons.tsx";
import { Tabs } from "../components/Tabs.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { EMPTY_SIGN_IN, EMPTY_SIGN_UP } from "./drafts.ts";
import { SignInForm } from "./SignInForm.tsx";

// Sign-up is a tab away: it loads when chosen (or hovered), keeping the first screen to the sign-in form. React's
// lazy rather than the router's: the landing runs without the router.
const loadSignUp = () => import("./SignUpForm.tsx");
const SignUpForm = lazy(() => loadSignUp().then((m) => ({ default: m.SignUpForm })));
const preloadSignUp = () => void loadSignUp();

const SELLING_POINTS = [
	{
		title: "Price Discovery",
		text: "See what groceries, gadgets and gas really cost at stores near your zip code.",
		Icon: TrendIcon,
	},
	{
		title: "Community Driven",
		text: "Neighbours share the prices they find, and upvote the reports that helped them.",
		Icon: UsersIcon,
	},
	{
		title: "Build Your Reputation",
		text: "Every useful report earns upvotes and shows how much the community saved.",
		Icon: StarIcon,
	},
];

/** The landing and sign-in view for guests (spec §2). */
export function AuthScreen() {
	const [tab, setTab] = useState<"signin" | "signup">("signin");
	const [showPasswords, setShowPasswords] = useState(false);
	const toggle = () => setShowPasswords((s) => !s);
	// Each form's typing lives here, not in the form, so a look at the other tab does not wipe it.
	const signInDraft = useState(EMPTY_SIGN_IN);
	const signUpDraft = useState(EMPTY_SIGN_UP);
	usePageTitle(tab === "signin" ? "Sign In" : "Sign Up");

	return (
		<main className="min-h-screen bg-base-200 lg:grid lg:grid-cols-2">
			<section className="flex min-h-screen flex-col items-center justify-center p-4 sm:p-8">
				<div className="w-full max-w-md">
					<div className="mb-6 flex flex-col items-center gap-3 text-center">
						<Logo size="lg" />
						<h1 className="text-2xl font-bold">Welcome to CommonCents</h1>
						<p className="text-base-content/75">Discover local deals and share price findings with the community</p>
					</div>
					{/* biome-ignore lint/a11y/noStaticElementInteractions: not an interaction; the sign-up form's code is fetched ahead while the pointer or focus is near */}
					<div className="card bg-base-100 shadow-md" onPointerEnter={preloadSignUp} onFocus={preloadSignUp}>
						<div className="card-body gap-5">
							<Tabs
								label="Sign in or sign up"
								tabs={[
									{ id: "signin", label: "Sign In" },
									{ id: "signup", label: "Sign Up" },
								]}
								value={tab}
								onChange={setTab}
							>
								{tab === "signin" ? (
									<SignInForm showPasswords={showPasswords} onTogglePasswords={toggle} kept={signInDraft} />
								) : (
									<Suspense
										fallback={
											<span role="status" className="loading loading-spinner mx-auto my-8 block" aria-label="Loading" />
										}
									>
										<SignUpForm showPasswords={showPasswords} onTogglePasswords={toggle} kept={signUpDraft} />
									</Suspense>
								)}
							</Tabs>
						</div>
					</div>
				</div>
			</section>
			<section
				aria-label="Why CommonCents"
				// After the form in the page, so its h1 is read first; shown on the left all the same.
				// At night a half-screen of bright teal glares: the panel turns to the page's deepest tone there.
				className="hidden flex-col justify-center gap-8 bg-primary p-12 text-primary-content lg:order-first lg:flex dark:bg-base-300 dark:text-base-content"
				data-testid="selling-points"
			>
				<h2 className="text-3xl font-bold">Shop smarter, together.</h2>
				<ul className="flex flex-col gap-6">
					{SELLING_POINTS.map(({ title, text, Icon }) => (
						<li key={title} className="flex gap-4">
							<span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-content/15 dark:bg-primary/15 dark:text-primary">
								<Icon className="size-6" />
							</span>
							<div>
								<h3 className="text-lg font-semibold">{title}</h3>
								{/* Full strength: primary-content at 85% on primary is 4.1:1, under the 4.5:1 body text needs. */}
								<p>{text}</p>
							</div>
						</li>
					))}
				</ul>
			</section>
		</main>
	);
}
