/** What the sign-in and sign-up forms start from; the landing keeps each form's typing across its tabs. */
export const EMPTY_SIGN_IN = { username: "", password: "" };
export type SignInDraft = typeof EMPTY_SIGN_IN;

export const EMPTY_SIGN_UP = {
	username: "",
	password: "",
	confirmPassword: "",
	firstName: "",
	lastName: "",
	zipCode: "",
};
export type SignUpDraft = typeof EMPTY_SIGN_UP;
