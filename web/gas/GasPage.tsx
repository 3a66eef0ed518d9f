import { Placeholder } from "../components/Placeholder.tsx";
import { FuelIcon } from "../components/icons.tsx";

/** Fuel prices (spec §2, Gas page). */
export function GasPage() {
  return (
    <section aria-labelledby="gas-heading" className="flex flex-col gap-4">
      <h1 id="gas-heading" className="text-2xl font-bold">
        Gas Prices
      </h1>
      <Placeholder icon={<FuelIcon />} title="Fuel prices near you">
        Soon you can compare regular, premium, diesel, E85 and charging prices at stations around you.
      </Placeholder>
    </section>
  );
}
