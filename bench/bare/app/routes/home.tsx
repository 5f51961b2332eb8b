export function meta() {
  return [{ title: "Bare React Router app" }];
}

export default function Home() {
  return (
    <main>
      <h1>Hello from a bare React Router app</h1>
      <p>One route, server rendered, nothing else: the benchmark's baseline.</p>
    </main>
  );
}
