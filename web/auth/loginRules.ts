/** The sign-in form's rules: a chunk of their own, so valibot loads when a visitor starts to sign in. */
import { LoginSchema } from "../../src/auth/schemas.ts";
import { rulesOf } from "../components/form.tsx";

export type LoginFields = { username: string; password: string };
export const loginRules = rulesOf<typeof LoginSchema, LoginFields>(LoginSchema);
