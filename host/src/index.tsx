// The async boundary lets Module Federation set up the shared singletons before any app code runs.
import('./bootstrap');
