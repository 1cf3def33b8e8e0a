// The asynchronous boundary lets Module Federation settle the shared singletons
// (react, antd, the runtime...) before any of them is used.
void import('./bootstrap');
