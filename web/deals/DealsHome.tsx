import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PriceAlerts } from "../alerts/index.ts";
import { currentUserQuery } from "../auth/index.ts";
import { CartIcon } from "../components/icons.tsx";
import { Tabs } from "../components/Tabs.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { NoticeBanner } from "../notices/index.ts";
import { FindDeals } from "./FindDeals.tsx";
import { type DealsTab, useDealsTab } from "./homeState.ts";
import { ReportPriceForm } from "./ReportPriceForm.tsx";

const TABS: readonly { id: DealsTab; label: string }[] = [
	{ id: "find", label: "Find Deals" },
	{ id: "report", label: "Report Prices" },
	{ id: "alerts", label: "Alerts" },
];

const FORM_COLUMN = "lg:mx-auto lg:w-full lg:max-w-2xl";

/** The Deals home (spec §2): Find Deals, Report Prices and Alerts; back on the tab it was left on. */
export function DealsHome() {
	const auth = useQuery(currentUserQuery);
	const [tab, setTab] = useDealsTab(auth.data?.status === "authenticated" ? auth.data.user.id : "");
	// Once opened (by its tab, or by an empty search's "Report a price"), the form stays mounted.
	const [reportOpened, setReportOpened] = useState(false);
	if (tab === "report" && !reportOpened) setReportOpened(true);
	usePageTitle(TABS.find((t) => t.id === tab)?.label ?? "Deals");
	const choose = (id: DealsTab) => setTab(id);
	return (
		<section aria-labelledby="deals-heading" className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h1 id="deals-heading" className="text-2xl font-bold">
					Deals near you
				</h1>
				<Link to="/lists" className="btn btn-sm btn-outline">
					<CartIcon className="size-4" />
					Shopping lists
				</Link>
			</div>
			<NoticeBanner />
			<Tabs label="Deals" tabs={TABS} value={tab} onChange={choose}>
				{/* Once opened, both stay mounted: a search or a half-filled report survives a look at another tab. */}
				<div hidden={tab !== "find"}>
					<FindDeals />
				</div>
				{/* Forms read in a column of their own width, centred on a wide screen. */}
				{reportOpened && (
					<div hidden={tab !== "report"} className={FORM_COLUMN}>
						<ReportPriceForm />
					</div>
				)}
				<div className={FORM_COLUMN}>
					<PriceAlerts shown={tab === "alerts"} />
				</div>
			</Tabs>
		</section>
	);
}
