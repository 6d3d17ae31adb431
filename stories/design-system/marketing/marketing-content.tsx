/** Manyhands marketing content shared by the marketing stories. Not a story file. */
import {
  Button,
  CopyIcon,
  GlobeIcon,
  InfoIcon,
  StarIcon,
  SuccessIcon,
  UploadIcon,
  WalletIcon,
  type FaqItem,
  type FeatureItem,
  type PriceListRow,
  type PricingTier,
} from "@manyhands/design-system"

/** A request to the 2captcha-compatible API, as the hero's media. */
export function ApiSample() {
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-surface text-left shadow-overlay">
      <figcaption className="flex items-center justify-between gap-4 border-b border-border bg-surface-muted px-4 py-2.5 text-xs text-muted-foreground">
        <span className="font-medium">Send a reCAPTCHA, get a token</span>
        <span className="font-mono">POST /in.php</span>
      </figcaption>
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-xs leading-relaxed text-foreground focus-ring"
      >
        <code>{`curl https://api.manyhands.io/in.php \\
  -d key=4f1c9a0be27d45c1 \\
  -d method=userrecaptcha \\
  -d googlekey=6LfD3PIbAAAAAJs_eEHvoOl75_83eXSqpPSRFJ_u \\
  -d pageurl=https://shop.example/login

OK|71823451

curl "https://api.manyhands.io/res.php?key=4f1c9a0be27d45c1&action=get&id=71823451"

OK|03AGdBq24PBCbwiDRaS_MJ7Z…`}</code>
      </pre>
    </figure>
  )
}

export const heroActions = (
  <>
    <Button size="lg" asChild>
      <a href="/signup">Get an API key</a>
    </Button>
    <Button size="lg" variant="secondary" asChild>
      <a href="/docs/api">Read the API docs</a>
    </Button>
  </>
)

export const customerFeatures: FeatureItem[] = [
  {
    icon: <CopyIcon />,
    title: "Drop-in for 2captcha",
    text: "The same in.php and res.php endpoints and parameters: change the host name and keep your code.",
  },
  {
    icon: <WalletIcon />,
    title: "Pay per solved captcha",
    text: "Top up from $1. Unsolvable captchas and answers you report as wrong cost nothing.",
  },
  {
    icon: <GlobeIcon />,
    title: "People in 120 countries",
    text: "Workers solve around the clock, so reCAPTCHA tokens come back in about 20 seconds at any hour.",
  },
  {
    icon: <SuccessIcon />,
    title: "99% accepted answers",
    text: "Every worker passes a test and keeps a rating; answers from low-rated workers are checked twice.",
  },
  {
    icon: <UploadIcon />,
    title: "Data labelling too",
    text: "Send images for classification or bounding boxes through the same balance and API key.",
  },
  {
    icon: <InfoIcon />,
    title: "Support that answers",
    text: "Developers on call 24/7 in English and Russian, usually within 15 minutes.",
  },
]

export const pricingTiers: PricingTier[] = [
  {
    id: "pay-as-you-go",
    name: "Pay as you go",
    description: "For scripts and small projects.",
    price: { amount: 99, currency: "USD" },
    unit: "per 1000 image captchas",
    features: ["No monthly fee", "Top up from $1", "All captcha types", "Refunds for wrong answers"],
    cta: (
      <Button variant="secondary" asChild>
        <a href="/signup">Create an account</a>
      </Button>
    ),
  },
  {
    id: "business",
    name: "Business",
    description: "From 1 million captchas a month.",
    price: { amount: 79, currency: "USD" },
    unit: "per 1000 image captchas",
    features: [
      "Everything in Pay as you go",
      "20% off every captcha type",
      "Up to 2000 captchas in flight",
      "Priority queue at peak hours",
    ],
    cta: (
      <Button asChild>
        <a href="/signup?plan=business">Start with Business</a>
      </Button>
    ),
    highlighted: true,
    badge: "Most popular",
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "Custom volumes and data-labelling projects.",
    priceLabel: "Custom",
    features: ["Volume prices", "A dedicated worker pool", "Invoices and contracts", "Personal manager"],
    cta: (
      <Button variant="secondary" asChild>
        <a href="/contact-sales">Talk to sales</a>
      </Button>
    ),
  },
]

export const priceRows: PriceListRow[] = [
  {
    id: "image",
    name: "Image captcha",
    description: "Distorted text or numbers",
    price: { amount: 50, currency: "USD" },
    detail: "7 s",
  },
  {
    id: "recaptcha-v2",
    name: "reCAPTCHA v2",
    description: "Checkbox and invisible",
    price: { amount: 299, currency: "USD" },
    detail: "24 s",
    highlighted: true,
    badge: "Popular",
  },
  {
    id: "recaptcha-v3",
    name: "reCAPTCHA v3",
    description: "Score from 0.3 to 0.9",
    price: { amount: 299, currency: "USD" },
    detail: "18 s",
  },
  {
    id: "hcaptcha",
    name: "hCaptcha",
    description: "Image selection",
    price: { amount: 275, currency: "USD" },
    detail: "22 s",
  },
  {
    id: "turnstile",
    name: "Cloudflare Turnstile",
    price: { amount: 145, currency: "USD" },
    detail: "12 s",
  },
]

export const priceColumns = { name: "Captcha type", detail: "Average time", price: "Per 1000" }

export const faqItems: FaqItem[] = [
  {
    id: "pay",
    question: "How do I pay for captchas?",
    answer:
      "Top up your balance by card, USDT or Bitcoin, from $1. Each solved captcha is charged at the price of its type; captchas that could not be solved are free.",
  },
  {
    id: "wrong",
    question: "What if an answer is wrong?",
    answer:
      "Report it with the reportbad action within 24 hours. The price goes back to your balance and the worker's rating goes down.",
  },
  {
    id: "2captcha",
    question: "Does my 2captcha code work with Manyhands?",
    answer:
      "Yes. Replace 2captcha.com with api.manyhands.io and use your Manyhands API key; the endpoints, parameters and answers are the same.",
  },
  {
    id: "speed",
    question: "How fast are captchas solved?",
    answer:
      "Image captchas take about 7 seconds and reCAPTCHA about 20. The statistics page of your cabinet shows the times of your own captchas.",
  },
  {
    id: "workers",
    question: "How are workers paid?",
    answer:
      "Every accepted answer adds to a worker's earnings at once. Payouts go to a card, Payeer or USDT from $1, usually the same day.",
  },
]

/** Five stars, as the rating slot of a testimonial. */
export function FiveStars() {
  return (
    <span role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-warning">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} size={18} fill="currentColor" />
      ))}
    </span>
  )
}
