import { useState } from "react";
import { Placeholder } from "../components/Placeholder.tsx";
import { Tabs } from "../components/Tabs.tsx";
import { BellIcon, SearchIcon, TagIcon } from "../components/icons.tsx";

const TABS = [
  { id: "find", label: "Find Deals" },
  { id: "report", label: "Report Prices" },
  { id: "alerts", label: "Alerts" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** The Deals home (spec §2): Find Deals, Report Prices and Alerts. */
export function DealsHome() {
  const [tab, setTab] = useState<TabId>("find");
  return (
    <section aria-labelledby="deals-heading" className="flex flex-col gap-4">
      <h1 id="deals-heading" className="text-2xl font-bold">
        Deals near you
      </h1>
      <Tabs label="Deals" tabs={TABS} value={tab} onChange={setTab}>
        {tab === "find" && (
          <Placeholder icon={<SearchIcon />} title="Search deals near you">
            Soon you can search what neighbours paid for groceries, electronics and more within 20 zip codes.
          </Placeholder>
        )}
        {tab === "report" && (
          <Placeholder icon={<TagIcon />} title="Report a price">
            Soon you can share a price you found, with a photo, and help your community save.
          </Placeholder>
        )}
        {tab === "alerts" && (
          <Placeholder icon={<BellIcon />} title="Price alerts">
            Soon you can ask to be told the moment a product drops under your target price near you.
          </Placeholder>
        )}
      </Tabs>
    </section>
  );
}
