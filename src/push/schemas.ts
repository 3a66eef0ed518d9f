/**
 * Push subscription schemas: what a browser's PushSubscription.toJSON() gives (extra fields such as
 * expirationTime are allowed and dropped). Whether the endpoint may be reached is checked after these, on
 * the resolved address (endpoint.ts).
 */
import * as v from "valibot";
import { base64urlBytes, isP256PublicKey } from "../lib/vapid.ts";

export const MAX_ENDPOINT_LENGTH = 2048;

const EndpointSchema = v.pipe(
	v.string("endpoint must be the push service's URL"),
	v.nonEmpty("endpoint is required"),
	v.maxLength(MAX_ENDPOINT_LENGTH, `endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters`),
	v.check((s) => URL.canParse(s) && /^[a-z][a-z0-9+.-]*:\/\//i.test(s), "endpoint must be an absolute URL"),
);

export const PushSubscriptionSchema = v.object({
	endpoint: v.optional(EndpointSchema, ""),
	keys: v.object(
		{
			p256dh: v.pipe(
				v.string("keys.p256dh must be text"),
				v.check(isP256PublicKey, "keys.p256dh must be a P-256 public key in base64url (65 bytes, 0x04 first)"),
			),
			auth: v.pipe(
				v.string("keys.auth must be text"),
				v.check((s) => base64urlBytes(s)?.length === 16, "keys.auth must be 16 bytes in base64url"),
			),
		},
		"keys must hold p256dh and auth",
	),
});

export const PushUnsubscribeSchema = v.object({ endpoint: v.optional(EndpointSchema, "") });

export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionSchema>;
