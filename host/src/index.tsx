// The host itself is a plain bundle: the Module Federation runtime is downloaded only with the first
// remote section (src/app/remotes/federation-runtime.ts), so no async boundary is needed here.
import './bootstrap';
