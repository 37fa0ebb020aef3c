// The public face of the big-screen module: nothing yet (no other module uses it).

export {};
