/** The admin feature's front door: Settings shows the developer section, which loads the console itself. */
export { DeveloperSection } from "./DeveloperSection.tsx";
