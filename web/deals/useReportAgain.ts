import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { currentUserQuery } from "../auth/index.ts";
import { EMPTY_REPORT, useDealsTab, useReportDraft } from "./homeState.ts";
import type { Report } from "./queries.ts";

/**
 * Opens Report Prices with a report's product and store filled in, the price left to give: what a shopper does
 * when their own price has changed (their own card offers no "Price changed", and the server asks for a new report).
 */
export function useReportAgain() {
	const auth = useQuery(currentUserQuery);
	const userId = auth.data?.status === "authenticated" ? auth.data.user.id : "";
	const [, setTab] = useDealsTab(userId);
	const [, setDraft] = useReportDraft(userId);
	const navigate = useNavigate();
	return (report: Report) => {
		setDraft((d) => ({
			...d,
			photo: null,
			values: {
				...EMPTY_REPORT,
				productName: report.productName,
				categoryId: String(report.categoryId),
				storeName: report.store.name,
				storeAddress: report.store.address,
			},
		}));
		setTab("report");
		void navigate({ to: "/" }).then(() =>
			requestAnimationFrame(() =>
				document.querySelector<HTMLElement>('form[aria-label="Report a price"] [name="price"]')?.focus(),
			),
		);
	};
}
