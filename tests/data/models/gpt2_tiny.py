# A two-block GPT-2 built from a config (no weights), in KernelBench level-4 style: where
# in the model each kernel and round trip happened (module attribution).
import torch
import torch.nn as nn
from transformers import GPT2Config, GPT2LMHeadModel


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        config = GPT2Config(n_layer=2, n_embd=64, n_head=2, vocab_size=128, n_positions=64,
                            bos_token_id=0, eos_token_id=0, resid_pdrop=0.0,
                            embd_pdrop=0.0, attn_pdrop=0.0)
        self.model = GPT2LMHeadModel(config)

    def forward(self, x):
        return self.model(x).logits


def get_init_inputs():
    return []


def get_inputs():
    return [torch.randint(0, 128, (2, 16), device=device)]
