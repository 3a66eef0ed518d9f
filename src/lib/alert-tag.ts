/**
 * A hit's notification tag: one per alert, so a newer hit replaces the older one, pushed and shown in the app
 * alike. Pure, so that the web's live alerts use the very tag the server's push messages carry.
 */
export const alertTag = (alertId: number) => `alert-${alertId}`;
