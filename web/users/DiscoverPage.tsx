import { Placeholder } from "../components/Placeholder.tsx";
import { UsersIcon } from "../components/icons.tsx";

/** User search (spec §2, Discover). */
export function DiscoverPage() {
  return (
    <section aria-labelledby="discover-heading" className="flex flex-col gap-4">
      <h1 id="discover-heading" className="text-2xl font-bold">
        Discover
      </h1>
      <Placeholder icon={<UsersIcon />} title="Find shoppers near you">
        Soon you can look up other members by name and see who shares the most useful prices.
      </Placeholder>
    </section>
  );
}
