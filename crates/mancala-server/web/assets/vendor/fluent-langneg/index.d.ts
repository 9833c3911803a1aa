export { negotiateLanguages, NegotiateLanguagesOptions, } from "./negotiate_languages.js";
export { acceptedLanguages } from "./accepted_languages.js";
export { filterMatches } from "./matches.js";
