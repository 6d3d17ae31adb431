// An app outside the workspace that installs @manyhands/design-system from its tarball, as other teams will;
// written in TypeScript and type-checked (tsc, strict) against the package's published declarations.
import { createRoot } from "react-dom/client"
import { AlertDialog, Button, DesignSystemProvider, Modal, ModalClose } from "@manyhands/design-system"
import "@manyhands/design-system/styles.css"

function App() {
  return (
    <DesignSystemProvider locale="en">
      <main style={{ padding: 32 }}>
        <h1>Partner dashboard</h1>
        <Modal
          title="Top up your balance"
          description="Payments arrive within a minute."
          trigger={<Button variant="primary">Top up</Button>}
          footer={
            <ModalClose asChild>
              <Button variant="secondary">Done</Button>
            </ModalClose>
          }
        >
          <p>Choose an amount on the next screen.</p>
        </Modal>
        <AlertDialog
          trigger={<Button variant="secondary">Revoke key</Button>}
          title="Revoke the API key?"
          description="Programs using it stop at once."
          confirmLabel="Revoke"
          onConfirm={() => {
            document.title = "revoked"
          }}
        />
      </main>
    </DesignSystemProvider>
  )
}

createRoot(document.getElementById("root")!).render(<App />)
