# One training step of a two-block GPT-2 (forward, loss, backward): backward kernels take
# the module of the forward op they differentiate (module attribution).
import torch
import torch.nn.functional as F
from transformers import GPT2Config, GPT2LMHeadModel

config = GPT2Config(
    n_layer=2, n_embd=64, n_head=2, vocab_size=128, n_positions=64, bos_token_id=0,
    eos_token_id=0, resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0,
)
model = GPT2LMHeadModel(config).to(device)


def fn(ids):
    logits = model(ids).logits
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), ids.view(-1))
    loss.backward()
    return loss


def inputs():
    return (torch.randint(0, 128, (2, 16), device=device),)
