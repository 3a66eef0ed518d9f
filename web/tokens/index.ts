/** The tokens feature's front door: the settings panel of API tokens. */
export { ApiTokens } from "./ApiTokens.tsx";
