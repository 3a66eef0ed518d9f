/** The auth feature's front door: who is signed in, the screens and fields of signing in, and losing a session. */
export { AuthScreen } from "./AuthScreen.tsx";
export { DeleteAccount } from "./DeleteAccount.tsx";
export { PasswordVisibilityToggle } from "./PasswordVisibilityToggle.tsx";
export {
	type AuthState,
	authKeys,
	type CurrentUser,
	currentUserQuery,
	forgetUser,
	readAuthState,
	suspensionOf,
	useSignOut,
} from "./queries.ts";
export { PASSWORD_HINT } from "./SignUpForm.tsx";
export { useSessionLost } from "./useSessionLost.ts";
export { EnterZipButton, ZipCodeEditor } from "./ZipCodeEditor.tsx";
