// An app outside the workspace that installs @manyhands/design-system from its tarball, as other teams will;
// written in TypeScript and type-checked (tsc, strict) against the package's published declarations.
import { useRef, useState } from "react"
import { createRoot } from "react-dom/client"
import {
  AlertDialog,
  Button,
  DataTable,
  DesignSystemProvider,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Modal,
  ModalClose,
  sortRows,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  type TableColumn,
  type TableSort,
} from "@manyhands/design-system"
import { de } from "@manyhands/design-system/messages/de"
import "@manyhands/design-system/styles.css"

interface Key {
  id: string
  name: string
  calls: number
}

const keys: Key[] = [
  { id: "k1", name: "Scraper", calls: 1200 },
  { id: "k2", name: "Checkout bot", calls: 45 },
  { id: "k3", name: "Staging", calls: 310 },
]

const columns: TableColumn<Key>[] = [
  { key: "name", header: "Key", sortable: true },
  { key: "calls", header: "Calls today", align: "numeric", sortable: true },
]

/** The data table: sorting is the caller's (sortRows), the table announces and shows it. */
function KeysTable() {
  const [sort, setSort] = useState<TableSort | null>(null)
  return (
    <DataTable<Key>
      caption="API keys"
      columns={columns}
      rows={sortRows(keys, columns, sort)}
      sort={sort}
      onSortChange={setSort}
    />
  )
}

/** The Dialog parts composed by hand: the focus starts on the name field (`initialFocus`). */
function RenameDialog() {
  const name = useRef<HTMLInputElement>(null)
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">Rename key</Button>
      </DialogTrigger>
      <DialogContent size="sm" initialFocus={name}>
        <DialogHeader>
          <DialogTitle>Rename the API key</DialogTitle>
          <DialogDescription>Only you see this name.</DialogDescription>
        </DialogHeader>
        <label>
          Token <input defaultValue="k1" readOnly />
        </label>
        <label>
          Name <input ref={name} defaultValue="Scraper" />
        </label>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

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
        <RenameDialog />
        {/* A part of the page in German: the language's built-in texts from their own entry. */}
        <DesignSystemProvider locale="de" messages={de}>
          <Modal title="Guthaben aufladen" trigger={<Button variant="secondary">Aufladen</Button>}>
            <p>Zahlungen kommen innerhalb einer Minute an.</p>
          </Modal>
        </DesignSystemProvider>
        <KeysTable />
        <Table>
          <TableCaption>Limits</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Limit</TableHead>
              <TableHead align="numeric">Value</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableHead scope="row">Requests per second</TableHead>
              <TableCell align="numeric">50</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </main>
    </DesignSystemProvider>
  )
}

createRoot(document.getElementById("root")!).render(<App />)
