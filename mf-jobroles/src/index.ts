// Only for running this remote alone: the asynchronous boundary lets Module Federation
// settle the shared singletons before the standalone page renders.
void import('./bootstrap');
